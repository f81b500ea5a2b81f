import { createContext, type ReactNode, useContext } from 'react';
import { MainBar, type MainBarTab } from './menu-bars/main-bar';

/** What the authenticated layout puts in every screen's main bar (menu button, alerts, sync). */
export interface ShellSlots {
  start?: ReactNode;
  end?: ReactNode;
}
export const ShellSlotsContext = createContext<ShellSlots>({});

/**
 * A screen of the staff app: the main bar (title, tabs, actions, the shell's own buttons) and the
 * content below, at a readable width.
 */
export function Screen({
  title,
  tabs,
  actions,
  uploading,
  bars,
  children,
  wide = false,
}: {
  title: string;
  tabs?: MainBarTab[];
  actions?: ReactNode;
  uploading?: number;
  /** Menu bars under the main bar (search, list, action bars). */
  bars?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  const slots = useContext(ShellSlotsContext);
  return (
    <>
      <MainBar
        title={title}
        tabs={tabs}
        actions={actions}
        uploading={uploading}
        start={slots.start}
        end={slots.end}
      />
      {bars}
      <div className={wide ? 'p-3 sm:p-6' : 'mx-auto w-full max-w-3xl p-3 sm:p-6'}>{children}</div>
    </>
  );
}
