/** @jsxImportSource preact */
import { type ComponentType, render } from 'preact';
import { BASE_CSS } from './base-css.ts';
import type { WidgetModule, WidgetProps } from './context.ts';

/**
 * A widget's module: its component and its own styles. In a shadow root the styles are the root's
 * own (the host page's CSS does not reach in, and every size is in px, so the host's root font size
 * does not either); in a frame they are the frame page's.
 */
export function defineWidget<S>(Component: ComponentType<WidgetProps<S>>, css = ''): WidgetModule {
  return {
    mount(root, props) {
      const style = document.createElement('style');
      style.textContent = BASE_CSS + css;
      const mountPoint = document.createElement('div');
      mountPoint.className = 'rw';
      root.append(style, mountPoint);
      render(<Component {...(props as WidgetProps<S>)} />, mountPoint);
      return () => {
        render(null, mountPoint);
        style.remove();
        mountPoint.remove();
      };
    },
  };
}
