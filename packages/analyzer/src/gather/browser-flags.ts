/**
 * Chromium's command line, shared by the two ways the browser starts: chromium.launch() in the
 * pool, and the CLI's early spawn (spawn-browser.ts), which must start the very same browser
 * before playwright-core has loaded. No import of playwright-core here, so the early spawn does
 * not wait for it.
 */

/**
 * Flags on top of Playwright's defaults. QUIC and WebRTC would use UDP, which an HTTP proxy
 * cannot carry: QUIC is switched off, and WebRTC may only use proxied (TCP) transports.
 */
export const LAUNCH_ARGS = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
];

/**
 * Images never change DOM text, so Blink does not load them at all (`imagesEnabled=false`):
 * aborting each one in the render's route handler cost a round trip to Node per image (the
 * handler stays as a safety net). The setting travels in `--blink-settings`, which Playwright
 * already passes in headless mode with its own value, and Chromium keeps only the last copy of
 * a switch: so Playwright's value is left out (ignoreDefaultArgs) and passed again merged with
 * ours. Should a Playwright upgrade change its value, the ignore no longer matches, both copies
 * are passed and ours (later) still wins: images stay off and only Playwright's hover and
 * pointer hints are lost; a browser-pool test fails on the duplicate.
 */
export const PLAYWRIGHT_HEADLESS_BLINK_SETTINGS =
  '--blink-settings=primaryHoverType=2,availableHoverTypes=2,primaryPointerType=4,availablePointerTypes=4';
export const BLINK_SETTINGS = `${PLAYWRIGHT_HEADLESS_BLINK_SETTINGS},imagesEnabled=false`;

/**
 * The browser runs without a sandbox (it usually runs as root in a container), so a renderer
 * exploit would see the browser's environment: pass only what Chromium needs, not the server's
 * secrets.
 */
const BROWSER_ENV_KEYS = [
  'PATH',
  'HOME',
  'TMPDIR',
  'LANG',
  'LC_ALL',
  'TZ',
  'FONTCONFIG_PATH',
  'FONTCONFIG_FILE',
  'LD_LIBRARY_PATH',
  'XDG_CONFIG_HOME',
  'XDG_CACHE_HOME',
];

export function browserEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const key of BROWSER_ENV_KEYS) {
    const value = env[key];
    if (value !== undefined) picked[key] = value;
  }
  return picked;
}

/**
 * The egress proxy as Chromium's only way out: '<-loopback>' removes Chromium's implicit
 * loopback bypass, so 127.0.0.1 and localhost go through the guard like any other host.
 */
export function egressProxySettings(port: number): { server: string; bypass: string } {
  return { server: `http://127.0.0.1:${port}`, bypass: '<-loopback>' };
}

/**
 * What playwright-core 1.65 puts before a headless launch's own `args` (its chromiumSwitches,
 * then the headless and sandbox switches), without the --blink-settings the pool leaves out.
 * Copied because the early spawn runs before playwright-core is loaded; spawn-browser.test.ts
 * compares the whole command line with what chromium.launch() passes, so an upgrade that
 * changes Playwright's list fails there.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

export const PLAYWRIGHT_HEADLESS_SWITCHES = [
  '--disable-field-trial-config',
  '--disable-background-networking',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-back-forward-cache',
  '--disable-breakpad',
  '--disable-component-extensions-with-background-pages',
  '--disable-component-update',
  '--no-default-browser-check',
  '--disable-default-apps',
  '--disable-dev-shm-usage',
  '--disable-edgeupdater',
  '--disable-extensions',
  `--disable-features=${PLAYWRIGHT_DISABLED_FEATURES.join(',')}`,
  '--enable-features=CDPScreenshotNewSurface,SkipListAccountsWithoutGaiaCookies',
  '--allow-pre-commit-input',
  '--disable-hang-monitor',
  '--disable-ipc-flooding-protection',
  '--disable-popup-blocking',
  '--disable-prompt-on-repost',
  '--disable-renderer-backgrounding',
  '--disable-updater-scheduler',
  '--force-color-profile=srgb',
  '--metrics-recording-only',
  '--no-first-run',
  '--password-store=basic',
  '--use-mock-keychain',
  '--no-service-autorun',
  '--disable-search-engine-choice-screen',
  '--unsafely-disable-devtools-self-xss-warnings',
  '--enable-unsafe-swiftshader',
  '--edge-skip-compat-layer-relaunch',
  '--disable-stack-profiler',
  '--disable-infobars',
  '--disable-sync',
  '--do-not-de-elevate',
  '--headless',
  '--hide-scrollbars',
  '--mute-audio',
  '--no-sandbox',
];

/**
 * The command line chromium.launch() gives the pool's browser, for a browser started without
 * Playwright: the same switches in the same order, a profile of its own, and the DevTools
 * protocol on the pipe (file descriptors 3 and 4), where chromium.connectOverCDP attaches.
 */
export function spawnArgs(proxyPort: number, profileDir: string): string[] {
  const proxy = egressProxySettings(proxyPort);
  return [
    ...PLAYWRIGHT_HEADLESS_SWITCHES,
    `--proxy-server=${proxy.server}`,
    `--proxy-bypass-list=${proxy.bypass}`,
    ...LAUNCH_ARGS,
    BLINK_SETTINGS,
    `--user-data-dir=${profileDir}`,
    '--remote-debugging-pipe',
    '--no-startup-window',
  ];
}
