import '../strings.ts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { errorText } from '../../../lib/errors.ts';
import { invitationQuery, useDeclineInvite } from '../api/accept-invite.ts';
import { AcceptInviteForm } from './accept-invite-form.tsx';
import { FormAlert } from './field.tsx';

/**
 * `/accept-invite?token=` (the invitation mail's link): the offer, to accept or decline. Someone
 * new chooses a password and may correct the name the inviter typed; someone who already has a
 * Roundwise account gives its password. Either way they land signed in to that business. Nothing
 * changes until they accept (docs/web-auth.md).
 */
export function AcceptInvitePage({ token }: { token?: string }) {
  const { t } = useTranslation();
  const offer = useQuery({ ...invitationQuery(token ?? ''), enabled: !!token });
  const decline = useDeclineInvite();
  const open = token && offer.data && !decline.isSuccess;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('auth.invite-title')}</CardTitle>
        {open && (
          <CardDescription>
            {t('auth.invite-offer', {
              business: offer.data.businessName,
              roles: offer.data.roles.map((r) => t(`role.${r}`)).join(', '),
            })}
          </CardDescription>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {!token ? (
          <FormAlert text={t('auth.token-invalid')} />
        ) : decline.isSuccess ? (
          <p role="status">{t('auth.invite-declined')}</p>
        ) : offer.error ? (
          <FormAlert text={errorText(t, offer.error)} />
        ) : !offer.data ? (
          <p className="text-sm text-muted-foreground">{t('auth.invite-loading')}</p>
        ) : (
          <>
            <AcceptInviteForm token={token} offer={offer.data} />
            <FormAlert text={decline.error ? errorText(t, decline.error) : undefined} />
            <Button
              variant="outline"
              className="w-full"
              disabled={decline.isPending}
              onClick={() => decline.mutate(token)}
            >
              {t('auth.invite-decline')}
            </Button>
          </>
        )}
      </CardContent>
      <CardFooter className="justify-center gap-1 text-sm text-muted-foreground">
        {t('auth.have-account')}
        <Link to="/sign-in" search={{}} className="font-medium text-primary hover:underline">
          {t('auth.sign-in')}
        </Link>
      </CardFooter>
    </Card>
  );
}
