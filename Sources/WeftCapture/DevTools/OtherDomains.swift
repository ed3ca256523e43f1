import WeftJSON
import WeftSnapshot

/// The domains the frontend calls at start that a node tree has nothing for: answered with
/// what an empty page has (no scripts, no network, no storage), so the frontend loads without
/// protocol errors. `Page.getResourceTree` describes the program. Everything else not listed
/// here nor acknowledged (`DevToolsAgent.acknowledged`) is -32601, as Chrome answers.
extension DevToolsAgent {
    static let otherDomainHandlers: [String: Handler] = [
        "Page.getResourceTree": { request in
            .object(["frameTree": .object(["frame": frame(request), "childFrames": .array([]), "resources": .array([])])])
        },
        "Page.getFrameTree": { request in .object(["frameTree": .object(["frame": frame(request)])]) },
        "Page.getNavigationHistory": { request in
            .object([
                "currentIndex": 0,
                "entries": .array([
                    .object([
                        "id": 0, "url": .string(request.programURL), "userTypedURL": .string(request.programURL),
                        "title": .string(request.session.meta.appName ?? request.session.meta.appId ?? "program"),
                        "transitionType": "other",
                    ])
                ]),
            ])
        },
        "Page.getLayoutMetrics": { request in
            let screen = request.session.meta.screen ?? Snapshot.Screen(width: 375, height: 667, scale: 1)
            let viewport: JSONValue = .object([
                "pageX": 0, "pageY": 0, "clientWidth": .number(screen.width),
                "clientHeight": .number(screen.height),
            ])
            let size: JSONValue = .object(["x": 0, "y": 0, "width": .number(screen.width), "height": .number(screen.height)])
            return .object([
                "layoutViewport": viewport, "cssLayoutViewport": viewport, "contentSize": size,
                "cssContentSize": size,
                "visualViewport": .object([
                    "offsetX": 0, "offsetY": 0, "pageX": 0, "pageY": 0,
                    "clientWidth": .number(screen.width), "clientHeight": .number(screen.height),
                    "scale": 1,
                ]),
            ])
        },
        "Page.getAppManifest": { _ in .object(["url": "", "errors": .array([])]) },
        "Page.getInstallabilityErrors": { _ in .object(["installabilityErrors": .array([])]) },
        "Page.getPermissionsPolicyState": { _ in .object(["states": .array([])]) },
        "Page.getOriginTrials": { _ in .object(["originTrials": .array([])]) },
        "Page.addScriptToEvaluateOnNewDocument": { _ in .object(["identifier": "1"]) },
        "Page.removeScriptToEvaluateOnNewDocument": { _ in .object([:]) },
        "Page.bringToFront": { _ in .object([:]) },
        "Page.stopLoading": { _ in .object([:]) },
        "Page.startScreencast": { _ in .object([:]) },
        "Page.stopScreencast": { _ in .object([:]) },
        "Page.produceCompilationCache": { _ in .object([:]) },
        "Target.getTargets": { _ in .object(["targetInfos": .array([])]) },
        "Target.getTargetInfo": { request in
            .object([
                "targetInfo": .object([
                    "targetId": .string(frameId), "type": "page",
                    "title": .string(request.session.meta.appName ?? request.session.meta.appId ?? "program"),
                    "url": .string(request.programURL), "attached": true, "canAccessOpener": false,
                ])
            ])
        },
        "Runtime.runIfWaitingForDebugger": { _ in .object([:]) },
        "Runtime.addBinding": { _ in .object([:]) },
        "Runtime.removeBinding": { _ in .object([:]) },
        "Runtime.getIsolateId": { _ in .object(["id": "weft"]) },
        "Runtime.getHeapUsage": { _ in .object(["usedSize": 0, "totalSize": 0]) },
        "Runtime.releaseObject": { _ in .object([:]) },
        "Runtime.releaseObjectGroup": { _ in .object([:]) },
        "Runtime.discardConsoleEntries": { _ in .object([:]) },
        "Runtime.evaluate": { _ throws(CommandError) in
            throw CommandError(code: -32000, message: "a Weft program runs no JavaScript")
        },
        "Runtime.callFunctionOn": { _ throws(CommandError) in
            throw CommandError(code: -32000, message: "a Weft program runs no JavaScript")
        },
        "Runtime.getProperties": { _ in .object(["result": .array([])]) },
        "Runtime.globalLexicalScopeNames": { _ in .object(["names": .array([])]) },
        "Debugger.enable": { _ in .object(["debuggerId": "weft"]) },
        "Network.clearAcceptedEncodingsOverride": { _ in .object([:]) },
        "Network.configureDurableMessages": { _ in .object([:]) },
        "Network.overrideNetworkState": { _ in .object([:]) },
        "Network.emulateNetworkConditionsByRule": { _ in .object(["ruleIds": .array([])]) },
        "Network.emulateNetworkConditions": { _ in .object([:]) },
        "Network.getCookies": { _ in .object(["cookies": .array([])]) },
        "Log.startViolationsReport": { _ in .object([:]) },
        "Log.stopViolationsReport": { _ in .object([:]) },
        "Log.clear": { _ in .object([:]) },
        "Storage.getStorageKeyForFrame": { request in .object(["storageKey": .string(request.programURL)]) },
        "Storage.getStorageKey": { request in .object(["storageKey": .string(request.programURL)]) },
        "Storage.trackIndexedDBForStorageKey": { _ in .object([:]) },
        "Storage.trackCacheStorageForStorageKey": { _ in .object([:]) },
        "Storage.untrackIndexedDBForStorageKey": { _ in .object([:]) },
        "Storage.untrackCacheStorageForStorageKey": { _ in .object([:]) },
        "Storage.getSharedStorageEntries": { _ in .object(["entries": .array([])]) },
        "Storage.getRelatedWebsiteSets": { _ in .object(["sets": .array([])]) },
        "DOMDebugger.getEventListeners": { _ in .object(["listeners": .array([])]) },
        "Emulation.clearDeviceMetricsOverride": { _ in .object([:]) },
        "Emulation.canEmulate": { _ in .object(["result": false]) },
        "Audits.checkFormsIssues": { _ in .object(["formIssues": .array([])]) },
        "Animation.getPlaybackRate": { _ in .object(["playbackRate": 1]) },
        "Accessibility.getFullAXTree": { _ in .object(["nodes": .array([])]) },
        "Accessibility.getPartialAXTree": { _ in .object(["nodes": .array([])]) },
        "Accessibility.getAXNodeAndAncestors": { _ in .object(["nodes": .array([])]) },
        "Accessibility.getChildAXNodes": { _ in .object(["nodes": .array([])]) },
        "Accessibility.getRootAXNode": { _ in .object(["node": .object(["nodeId": "0", "ignored": true])]) },
        "Profiler.takePreciseCoverage": { _ in .object(["result": .array([]), "timestamp": 0]) },
        "HeapProfiler.collectGarbage": { _ in .object([:]) },
        "Schema.getDomains": { _ in .object(["domains": .array([])]) },
        "Browser.getVersion": { _ in
            .object(["protocolVersion": "1.3", "product": "Weft", "revision": "", "userAgent": "Weft", "jsVersion": ""])
        },
    ]

    /// The program as the page's one frame.
    static func frame(_ request: DevToolsRequest) -> JSONValue {
        .object([
            "id": .string(frameId), "loaderId": .string(frameId), "url": .string(request.programURL),
            "domainAndRegistry": "", "securityOrigin": .string(request.programURL), "mimeType": "text/html",
            "secureContextType": "InsecureScheme", "crossOriginIsolatedContextType": "NotIsolated",
            "gatedAPIFeatures": .array([]),
        ])
    }
}
