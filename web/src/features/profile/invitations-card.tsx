import './strings.ts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/form';
import { Button } from '../../components/ui/button';
import { errorText } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { type OpenInvitation, openInvitationsQuery, useAnswerInvitation } from './api/invitations';

/**
 * The businesses that have invited this user, to accept or decline (the same offers the mails
 * link to). Shown only when there are some; with no signal there is nothing to show.
 */
export function InvitationsCard() {
  const { t } = useTranslation();
  const { data: invitations = [] } = useQuery(openInvitationsQuery);
  const answer = useAnswerInvitation();
  if (invitations.length === 0) return null;
  const respond = (i: OpenInvitation, reply: 'accept' | 'decline') =>
    answer.mutate(
      { accountId: i.accountId, answer: reply },
      {
        onSuccess: () =>
          toast.success(
            t(reply === 'accept' ? 'profile.invitation-accepted' : 'profile.invitation-declined', {
              business: i.businessName,
            }),
          ),
        onError: (e) => toast.error(errorText(t, e)),
      },
    );
  return (
    <Card>
      <h2 className="mb-3 font-semibold">{t('profile.invitations-title')}</h2>
      <ul className="flex flex-col gap-3">
        {invitations.map((i) => (
          <li key={i.accountId} data-testid="invitation" className="flex flex-wrap items-center gap-3">
            <div className="min-w-0 flex-1">
              <div className="truncate font-medium">{i.businessName}</div>
              <div className="text-sm text-muted-foreground">
                {t('profile.invitation-roles', { roles: i.roles.map((r) => t(`role.${r}`)).join(', ') })}
              </div>
            </div>
            <Button size="sm" disabled={answer.isPending} onClick={() => respond(i, 'accept')}>
              {t('profile.invitation-accept')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={answer.isPending}
              onClick={() => respond(i, 'decline')}
            >
              {t('profile.invitation-decline')}
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
