/** @jsxImportSource preact */
import type { WidgetProps } from '../context.ts';
import { defineWidget } from '../define-widget.tsx';

/** Empty room in a layout: its height is the layout item's, set by the grid cell. */
function Spacer(_props: WidgetProps) {
  return <div aria-hidden="true" />;
}

export default defineWidget(Spacer, ':host{contain:strict}.rw{padding:0;background:transparent}');
