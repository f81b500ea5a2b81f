import { useRef } from 'react';

type AutoFocusEvent = Event;
type Handlers = {
  onOpenAutoFocus?: (event: AutoFocusEvent) => void;
  onCloseAutoFocus?: (event: AutoFocusEvent) => void;
};

/**
 * Focus back to whatever opened an overlay when it closes (WCAG 2.4.3). Radix returns focus only
 * to its own `Trigger`; most of the app's dialogs are opened from state (a button, a menu item, a
 * row), and focus fell to the page body. The opener is what had focus as the overlay opened; if it
 * is gone (a menu item), focus goes to the screen's main region rather than the top of the page.
 */
export function useReturnFocus<P extends Handlers>(props: P): P {
  const opener = useRef<HTMLElement | null>(null);
  return {
    ...props,
    onOpenAutoFocus: (event: AutoFocusEvent) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      props.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: AutoFocusEvent) => {
      props.onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const target = opener.current?.isConnected ? opener.current : document.getElementById('main');
      if (!target || target === document.body) return;
      event.preventDefault();
      target.focus({ preventScroll: true });
    },
  };
}
