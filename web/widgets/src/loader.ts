/**
 * `widgets.js`, the script a business pastes (`<script async src=".../widgets.js"
 * data-portal="{handle}">`). It reads its portal's public data once, defines
 * `<roundwise-widget name="...">`, renders each widget (a public one in a shadow root, one that shows
 * a signed-in customer's money or history in a frame of the portal origin, sized by the frame's
 * messages), lays out the saved layout when the page has no element, and then runs the calls the
 * stub queued. Kept small (budget: 8 KB gzip, docs/portal.md): no preact here, each widget's code
 * is loaded when a widget of its name is shown.
 */

import { themeVariables } from '@roundwise/core/portal/theme';
import { portalClient } from './api.ts';
import { type PortalContext, type Session, sessionKey, sessionStore, type WidgetModule } from './context.ts';
import {
  type AuthState,
  catalogueEntry,
  fetchPortal,
  type PublicPortal,
  savedSettings,
} from './embed-data.ts';
import { isEventMessage, isReadyMessage, SESSION_MESSAGE } from './frame-messages.ts';
import { drawnWidgets, renderLayout } from './layout-grid.ts';
import { importWidget, preloadShared } from './manifest.ts';
import { followSize } from './size.ts';

type Listener = (detail?: Record<string, unknown>) => void;
type Stub = ((...args: unknown[]) => void) & { q?: ArrayLike<unknown>[] };

const script = (document.currentScript ??
  document.querySelector('script[data-portal][src*="widgets.js"]')) as HTMLScriptElement | null;
const origin = script ? new URL(script.src, location.href).origin : location.origin;
const handle = script?.dataset.portal ?? '';

// The portal's data, asked for before anything else: it is the longest wait before a widget shows.
const portalData = (handle ? fetchPortal(origin, handle) : Promise.resolve(undefined)).then((data) => {
  portal.data = data;
  return data;
});

const listeners = new Map<string, Set<Listener>>();
const frames = new Set<HTMLIFrameElement>();
/**
 * The session survives the customer's next page on the business's site: kept in this page's own
 * session storage (first-party to the host, so not blocked with third-party storage), under one
 * key per portal. Where even that is refused it lives in memory for the page.
 */
const SESSION_KEY = sessionKey(handle);
const saved = (): Session | undefined => {
  try {
    const text = sessionStorage.getItem(SESSION_KEY);
    return text ? (JSON.parse(text) as Session) : undefined;
  } catch {
    return undefined;
  }
};
const store = sessionStore(saved());
store.onSession((session) => {
  try {
    if (session) sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
    else sessionStorage.removeItem(SESSION_KEY);
  } catch {
    // Storage refused: memory only.
  }
});

const portal: PortalContext = {
  handle,
  origin,
  ...store,
  emit(event, detail) {
    for (const listener of listeners.get(event) ?? []) listener(detail);
    count(event, detail);
  },
};

// Each frame is told of sign-ins and sign-outs; the portal's origin only, so the token never goes
// to a frame of another site.
store.onSession((session) => {
  for (const frame of frames) sendSession(frame, session);
  portal.emit(session ? 'signed-in' : 'signed-out');
});
const sendSession = (frame: HTMLIFrameElement, session: Session | undefined) =>
  frame.contentWindow?.postMessage({ type: SESSION_MESSAGE, session: session ?? null }, origin);

window.addEventListener('message', (event) => {
  if (event.origin !== origin) return;
  const frame = [...frames].find((f) => f.contentWindow === event.source);
  if (!frame) return;
  if (isReadyMessage(event.data)) sendSession(frame, store.session());
  else if (isEventMessage(event.data)) portal.emit(event.data.event, event.data.detail);
});

/** Widget events reach the portal's hourly counters: a beacon, no cookie, nothing stored here. */
const COUNTED = new Set(['view', 'signed-in', 'quote-requested', 'booked']);
function count(event: string, detail?: Record<string, unknown>) {
  if (!COUNTED.has(event) || !handle) return;
  const body = JSON.stringify({ event, widget: detail?.widget });
  navigator.sendBeacon?.(portalClient(origin)[':handle'].events.$url({ param: { handle } }).href, body);
}

preloadShared(origin, (name) => catalogueEntry(name)?.framed === false);
// The cells already drawn (the pasted snippet's, the portal page's) name the layout's widgets
// before its data comes: their code is fetched now, side by side with the data.
for (const name of drawnWidgets(document.getElementById('roundwise-portal'))) {
  const widget = catalogueEntry(name);
  if (widget && !widget.framed && widget.auth !== 'signed-in') importWidget(origin, name)?.catch(() => {});
}

/**
 * Renders widget `name` into `host`: a shadow root, or a frame for the framed widgets. The
 * widget's least height is taken at once, before any request, so the page below does not move
 * when it draws.
 */
async function render(host: HTMLElement, name: string, own: Record<string, unknown> = {}) {
  const widget = catalogueEntry(name);
  if (!widget) return;
  shadowOf(host);
  // A drawn cell of the layout holds its own reservation (`--r`, the grid's styles).
  if (name !== 'layout' && !host.style.getPropertyValue('--r'))
    host.style.minHeight = `${widget.minHeight}px`;
  // Its code now, side by side with the data, when it shows now; a hidden one's when it shows (a
  // request fewer competing with the first paint's).
  const loading =
    widget.framed || !shownFor(widget.auth, store.session()) ? undefined : importWidget(origin, name);
  const data = await portalData;
  if (!data) return;
  applyTheme(host, data);
  // The `layout` widget is the saved layout itself, wherever the business puts it.
  if (name === 'layout') return renderLayout(host, data, (cell, inner) => void render(cell, inner));
  const settings = { ...savedSettings(data, name), ...own };
  showFor(host, widget.auth, () =>
    widget.framed
      ? renderFrame(host, name, settings, widget.minHeight)
      : mountModule(host, name, settings, loading ?? importWidget(origin, name)),
  );
}

async function mountModule(
  host: HTMLElement,
  name: string,
  settings: Record<string, unknown>,
  loading: Promise<unknown> | undefined,
) {
  const module = (await loading) as { default: WidgetModule } | undefined;
  if (!module) return;
  const root = shadowOf(host);
  root.replaceChildren();
  module.default.mount(root, { name, settings, portal });
  portal.emit('view', { widget: name });
}

/**
 * Every widget's own root, made as soon as the widget is known: the host is a block (an unknown
 * element is inline, where a reserved height does nothing), and the host page's CSS stays out.
 */
let hostSheet: CSSStyleSheet | undefined;
function shadowOf(host: HTMLElement) {
  if (host.shadowRoot) return host.shadowRoot;
  const root = host.attachShadow({ mode: 'open' });
  if (!hostSheet) {
    hostSheet = new CSSStyleSheet();
    hostSheet.replaceSync(':host{display:block}');
  }
  root.adoptedStyleSheets = [hostSheet];
  return root;
}

const shownFor = (auth: AuthState, session: Session | undefined) =>
  auth === 'optional' || (auth === 'signed-in' ? !!session : !session);

/**
 * A widget for signed-in customers shows once one is (its frame made only then), the sign-in
 * widget until then; `draw` runs the first time the widget is shown.
 */
function showFor(host: HTMLElement, auth: AuthState, draw: () => void) {
  let drawn = false;
  const apply = (session: Session | undefined) => {
    const shown = shownFor(auth, session);
    if (shown) host.style.removeProperty('display');
    else host.style.display = 'none';
    if (shown && !drawn) {
      drawn = true;
      draw();
    }
  };
  apply(store.session());
  if (auth !== 'optional') store.onSession(apply);
}

function renderFrame(host: HTMLElement, name: string, settings: Record<string, unknown>, minHeight: number) {
  const frame = document.createElement('iframe');
  const url = new URL(`${origin}/portal/${encodeURIComponent(handle)}/frame/${encodeURIComponent(name)}`);
  if (Object.keys(settings).length) url.searchParams.set('settings', JSON.stringify(settings));
  frame.src = url.href;
  frame.title = name;
  // The reserved height until the frame reports its own; then its content's, taller or shorter
  // (the holder's reservation dropped with it). No inner scrollbar.
  frame.setAttribute('scrolling', 'no');
  frame.style.cssText = `display:block;width:100%;height:${minHeight}px;border:0;overflow:hidden`;
  frames.add(frame);
  followSize(frame, origin, () => {
    host.style.removeProperty('min-height');
    host.style.setProperty('--r', '0px');
    host.style.setProperty('--rn', '0px');
  });
  shadowOf(host).replaceChildren(frame);
  portal.emit('view', { widget: name });
}

function applyTheme(host: HTMLElement, data: PublicPortal) {
  for (const [property, value] of Object.entries(themeVariables(data.theme.options)))
    host.style.setProperty(property, value);
}

class RoundwiseWidget extends HTMLElement {
  connectedCallback() {
    const name = this.getAttribute('name');
    if (!name || this.dataset.rendered) return;
    this.dataset.rendered = '1';
    let settings: Record<string, unknown> = {};
    try {
      settings = JSON.parse(this.getAttribute('settings') ?? '{}') as Record<string, unknown>;
    } catch {
      // A settings attribute that does not parse: the saved settings alone.
    }
    void render(this, name, settings);
  }
}

if (!customElements.get('roundwise-widget')) customElements.define('roundwise-widget', RoundwiseWidget);

/**
 * No element on the page: the business's saved layout, where `<div id="roundwise-portal">` is, or
 * else just after the script tag.
 */
async function layoutIfNoElement() {
  if (document.querySelector('roundwise-widget')) return;
  const data = await portalData;
  if (!data || document.querySelector('roundwise-widget')) return;
  let container = document.getElementById('roundwise-portal');
  if (!container) {
    container = document.createElement('div');
    if (script?.parentNode) script.after(container);
    else document.body.append(container);
  }
  renderLayout(container, data, (cell, name) => void render(cell, name));
}

/** The stub's calls, queued before this script loaded, then every later call. */
const calls: Record<string, (...args: unknown[]) => void> = {
  on(event, listener) {
    if (typeof event !== 'string' || typeof listener !== 'function') return;
    const set = listeners.get(event) ?? new Set();
    set.add(listener as Listener);
    listeners.set(event, set);
  },
  render(target, name, settings) {
    const host = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
    if (host instanceof HTMLElement && typeof name === 'string')
      void render(host, name, (settings ?? {}) as Record<string, unknown>);
  },
  signOut() {
    store.setSession(undefined);
  },
};

const global = window as unknown as { Roundwise?: Stub };
const queued = global.Roundwise?.q ?? [];
const api: Stub = (command, ...args) => {
  if (typeof command === 'string' && Object.hasOwn(calls, command)) calls[command]?.(...args);
};
global.Roundwise = api;
for (const args of Array.from(queued)) api(...Array.from(args));

if (document.readyState === 'loading')
  document.addEventListener('DOMContentLoaded', () => void layoutIfNoElement());
else void layoutIfNoElement();
