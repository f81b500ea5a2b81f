/**
 * `widgets-frame.js`: the runtime of a framed widget's page (`/portal/{handle}/frame/{widget}`, on
 * the portal origin). Its script tag names the widget and carries its settings; it mounts the
 * widget into `#roundwise-frame`, reports the page's height to the host (size protocol) and takes
 * the session from the host's messages.
 *
 *   <div id="roundwise-frame"></div>
 *   <script async src="/widgets-frame.js" data-portal="{handle}" data-widget="{name}"
 *     data-settings='{"appointmentLimit":3}'></script>
 */
import { type PortalContext, sessionStore, type WidgetModule } from './context.ts';
import { EVENT_MESSAGE, isSessionMessage, READY_MESSAGE } from './frame-messages.ts';
import { importWidget } from './manifest.ts';
import { postSizes } from './size.ts';

const script = document.currentScript as HTMLScriptElement | null;
const data = script?.dataset ?? {};
const widget = data.widget ?? '';
const handle = data.portal ?? '';
const framed = window.parent !== window;

const store = sessionStore();
const portal: PortalContext = {
  handle,
  origin: location.origin,
  ...store,
  emit(event, detail) {
    if (framed) window.parent.postMessage({ type: EVENT_MESSAGE, event, detail }, '*');
  },
};

const root = document.getElementById('roundwise-frame') ?? document.body;

/**
 * The size protocol starts once the widget is mounted and the host's session is in (a moment
 * later, after the renders it causes): before that the widget shows a passing state ("sign in
 * first") whose height would shrink the frame only to grow it back.
 */
let mounted = false;
let sessionIn = !framed;
let sizing = false;
const startSizes = () => {
  if (sizing || !mounted || !sessionIn) return;
  sizing = true;
  setTimeout(() => postSizes(widget, root));
};

// The host's answer to `ready`, and its later sign-ins and sign-outs. Only the parent's messages:
// another frame on the host page cannot hand this one a session.
window.addEventListener('message', (event) => {
  if (event.source !== window.parent || !isSessionMessage(event.data)) return;
  store.setSession(event.data.session ?? undefined);
  sessionIn = true;
  startSizes();
});

async function start() {
  // The portal's theme, as custom properties (`--rw-primary:#0e7490;...`), set through the CSSOM:
  // the frame's policy allows no inline style but its own.
  for (const pair of (root.dataset.theme ?? '').split(';')) {
    const at = pair.indexOf(':');
    if (at > 0) root.style.setProperty(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  if (framed) window.parent.postMessage({ type: READY_MESSAGE, widget }, '*');
  const module = (await importWidget(location.origin, widget)) as { default: WidgetModule } | undefined;
  if (!module) return;
  let settings: Record<string, unknown> = {};
  try {
    settings = JSON.parse(data.settings ?? '{}') as Record<string, unknown>;
  } catch {
    // Settings that do not parse: the widget's defaults.
  }
  module.default.mount(root, { name: widget, settings, portal });
  mounted = true;
  startSizes();
}

void start();
