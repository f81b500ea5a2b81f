import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import {
  EMAIL_SETTINGS_VIEWS,
  EmailSettingsScreen,
  type EmailSettingsView,
} from '../../features/email-settings/email-settings-screen';
import { useMe } from '../../lib/me';
import { optionalOneOf } from '../../lib/search-params';

/** `email-settings/{view?}` (spec 002 section 2.1; Owner, Admin). */
export const Route = createFileRoute('/_app/email-settings/{-$view}')({
  staticData: { routeName: 'email-settings' },
  // The router reads `connect-failed=true` as JSON, so as `true`; a hand-made link may say 'true'.
  validateSearch: (search: Record<string, unknown>): { 'connect-failed'?: true | 'true' } => ({
    'connect-failed': optionalOneOf(search['connect-failed'], [true, 'true'] as const),
  }),
  component: function EmailSettingsRoute() {
    const { view } = Route.useParams();
    const search = Route.useSearch();
    const navigate = useNavigate();
    // The dialog shows on load and the parameter then leaves the address (spec 002 section 2.1).
    const [connectFailed] = useState(search['connect-failed'] !== undefined);
    useEffect(() => {
      if (connectFailed) void navigate({ to: '.', search: {}, replace: true });
    }, [connectFailed, navigate]);
    const known = EMAIL_SETTINGS_VIEWS.includes(view as EmailSettingsView)
      ? (view as EmailSettingsView)
      : undefined;
    const me = useMe();
    return (
      <EmailSettingsScreen
        settings={me.account.settings}
        view={known}
        connectFailed={connectFailed}
        developerMode={me.developerMode}
      />
    );
  },
});
