"""One table of the protocol's names (docs/protocol-vocabulary.json) that Swift, C, JS and the
protocol page must all match, so an error code or a method cannot be named two ways."""
import json
import pathlib
import re

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
VOCABULARY = json.loads((REPOSITORY / "docs" / "protocol-vocabulary.json").read_text())
ERRORS = {error["name"]: error["code"] for error in VOCABULARY["errors"]}
METHODS = (VOCABULARY["gatewayMethods"] + VOCABULARY["gatewayEvents"]
           + VOCABULARY["deviceMethods"] + VOCABULARY["deviceEvents"])
# A string literal that reads as a protocol method or event name.
METHOD_LITERAL = re.compile(r"""["']((?:Gateway|Tree|Layout|HitTest|Range|Scroll|Runtime)\.[a-z][A-Za-z]*)["']""")


def read(path):
    return (REPOSITORY / path).read_text()


def screaming_snake(name):
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).upper()


def test_the_table_names_each_code_and_method_once():
    assert len(ERRORS) == len(VOCABULARY["errors"])
    assert len(set(ERRORS.values())) == len(ERRORS)
    assert len(set(METHODS)) == len(METHODS)


def test_swift_error_codes_match_the_table():
    source = read("Sources/WeftProtocol/ProtocolErrorCode.swift")
    swift = {name: int(code) for name, code in
             re.findall(r"public static let (\w+) = ProtocolErrorCode\(rawValue: (-?\d+)\)", source)}
    assert swift == ERRORS


def test_the_gateway_error_codes_match_the_table():
    enum = re.search(r"enum protocol_error \{(.*?)\};", read("gateway/src/protocol.h"), re.S).group(1)
    c = {name: int(code) for name, code in re.findall(r"(ERR_\w+) = (-?\d+)", enum)}
    expected = {"ERR_" + screaming_snake(error["name"]): error["code"]
                for error in VOCABULARY["errors"] if "gateway" in error["sentBy"]}
    assert c == expected


def test_the_page_error_codes_match_the_table():
    block = re.search(r"export const ErrorCode = Object\.freeze\(\{(.*?)\}\);", read("web-inspector/js/protocol-client.js"),
                      re.S).group(1)
    js = {name: int(code) for name, code in re.findall(r"(\w+): (-?\d+)", block)}
    assert js == ERRORS


def test_the_protocol_page_lists_the_same_codes_and_methods():
    page = read("docs/protocol.md")
    errors = page[page.index("## Errors"):page.index("## Close codes")]
    assert sorted(int(code) for code in re.findall(r"^\| (-\d+) \|", errors, re.M)) == sorted(ERRORS.values())
    rows = set(re.findall(r"^\| `([A-Z]\w*\.[a-z]\w*)`", page, re.M))
    # Runtime.resume shares Runtime.pause's row; Gateway.register has a section of its own.
    assert rows | {"Runtime.resume", "Gateway.register"} == set(METHODS)
    assert "`Gateway.register`" in page


def test_swift_methods_table_matches_the_table():
    source = read("Sources/WeftProtocol/ProtocolMethods.swift")
    for key, swift_name in [("gatewayMethods", "gateway"), ("gatewayEvents", "gatewayEvents"),
                            ("deviceMethods", "device"), ("deviceEvents", "deviceEvents")]:
        body = re.search(rf"public static let {swift_name} = \[(.*?)\]", source, re.S).group(1)
        assert re.findall(r'"([^"]+)"', body) == VOCABULARY[key], key


def test_the_gateway_implements_exactly_its_methods_and_events():
    names = set()
    for path in (REPOSITORY / "gateway" / "src").glob("*.c"):
        names |= set(re.findall(r'"(Gateway\.\w+)"', path.read_text()))
    assert names == set(VOCABULARY["gatewayMethods"] + VOCABULARY["gatewayEvents"])


def test_no_program_names_a_method_the_table_does_not_know():
    # Programs only: tests send unknown names on purpose. WeftCapture/DevTools speaks Chrome's
    # protocol (CDP), whose Runtime domain is Chrome's, not this table's.
    sources = [*(path for path in REPOSITORY.glob("Sources/**/*.swift") if "DevTools" not in path.parts), *REPOSITORY.glob("web-inspector/js/**/*.js"),
               *REPOSITORY.glob("gateway/src/*.c")]
    unknown = {(str(path.relative_to(REPOSITORY)), name)
               for path in sources for name in METHOD_LITERAL.findall(path.read_text())
               if name not in METHODS}
    assert not unknown
