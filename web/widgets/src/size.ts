/**
 * The size protocol between a framed widget and the page that holds its iframe. Inside, the frame
 * posts its content's height whenever it changes; outside, the host sets the iframe's height to it,
 * so the frame never shows a scrollbar of its own and the page never jumps to a guessed height.
 */
export const SIZE_MESSAGE = 'roundwise:size';

export type SizeMessage = { type: typeof SIZE_MESSAGE; widget: string; height: number };

export const isSizeMessage = (data: unknown): data is SizeMessage =>
  typeof data === 'object' &&
  data !== null &&
  (data as SizeMessage).type === SIZE_MESSAGE &&
  typeof (data as SizeMessage).widget === 'string' &&
  Number.isFinite((data as SizeMessage).height);

/**
 * Inside a frame: posts the height of `root` now and after every change of it. The parent may be
 * any site (the business's), so the target is `*`: a height is not a secret. Nothing is posted
 * while a part of the widget is `aria-busy` (waiting for its data): the host keeps the height it
 * reserved rather than shrinking to a line of "Loading" and growing back a moment later.
 */
export function postSizes(widget: string, root: Element = document.documentElement) {
  if (window.parent === window) return () => {};
  let last = -1;
  const post = () => {
    if (root.querySelector('[aria-busy="true"]')) return;
    const height = Math.ceil(root.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    window.parent.postMessage({ type: SIZE_MESSAGE, widget, height } satisfies SizeMessage, '*');
  };
  const observer = new ResizeObserver(post);
  observer.observe(root);
  const busy = new MutationObserver(post);
  busy.observe(root, { subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
  post();
  return () => {
    observer.disconnect();
    busy.disconnect();
  };
}

/**
 * Outside: sizes `frame` from its own messages only (the source is its window and the origin the
 * portal's), so no other frame or script on the host can resize it. The frame takes its content's
 * height, smaller than the one reserved for it too (the frame reports only a settled view, so it
 * moves once, not down and back); `onSize` lets the holder drop its own reservation then.
 */
export function followSize(frame: HTMLIFrameElement, portalOrigin: string, onSize?: () => void) {
  const onMessage = (event: MessageEvent) => {
    if (event.source !== frame.contentWindow || event.origin !== portalOrigin) return;
    if (!isSizeMessage(event.data)) return;
    frame.style.height = `${Math.max(0, Math.round(event.data.height))}px`;
    onSize?.();
  };
  window.addEventListener('message', onMessage);
  return () => window.removeEventListener('message', onMessage);
}
