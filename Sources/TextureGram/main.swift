import WeftNodes
import WeftInspector
