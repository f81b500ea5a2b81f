import { createFileRoute } from '@tanstack/react-router';
import { CustomProviderScreen } from '../../features/email-settings/custom-provider';
import { optionalOneOf } from '../../lib/search-params';

const FORMS = ['setup-wizard', 'smtp', 'imap'] as const;

/**
 * `email-settings/custom-provider/{form?}` (spec 002 section 2.1): the business's own mailbox,
 * its setup wizard and its SMTP and IMAP forms. One of the email settings' views.
 */
export const Route = createFileRoute('/_app/email-settings/custom-provider/{-$form}')({
  staticData: { routeName: 'email-settings' },
  component: function CustomProviderRoute() {
    const { form } = Route.useParams();
    return <CustomProviderScreen form={optionalOneOf(form, FORMS)} />;
  },
});
