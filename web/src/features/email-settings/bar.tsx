import { useNavigate } from '@tanstack/react-router';
import { ContextMenuBar } from '../../components/menu-bars/context-menu-bar';

/** The bar of an email settings view: its title, and back to the provider list. */
export function EmailSettingsBar({ title }: { title: string }) {
  const navigate = useNavigate();
  return (
    <ContextMenuBar
      title={title}
      onBack={() => void navigate({ to: '/email-settings/{-$view}', params: { view: undefined } })}
    />
  );
}
