/** @jsxImportSource preact */
import { type ComponentType, render } from 'preact';
import { BASE_CSS } from './base-css.ts';
import type { WidgetModule, WidgetProps } from './context.ts';

/**
 * A widget's module: its component and its own styles. In a shadow root the styles are the root's
 * own (the host page's CSS does not reach in, and every size is in px, so the host's root font size
 * does not either); in a frame they are the frame page's. Constructed style sheets, not `<style>`
 * elements: a host whose content security policy refuses inline styles still styles the widgets.
 */
export function defineWidget<S>(Component: ComponentType<WidgetProps<S>>, css = ''): WidgetModule {
  return {
    mount(root, props) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(BASE_CSS + css);
      const owner: DocumentOrShadowRoot = root instanceof ShadowRoot ? root : document;
      owner.adoptedStyleSheets = [...owner.adoptedStyleSheets, sheet];
      const mountPoint = document.createElement('div');
      mountPoint.className = 'rw';
      root.append(mountPoint);
      render(<Component {...(props as WidgetProps<S>)} />, mountPoint);
      return () => {
        render(null, mountPoint);
        owner.adoptedStyleSheets = owner.adoptedStyleSheets.filter((s) => s !== sheet);
        mountPoint.remove();
      };
    },
  };
}
