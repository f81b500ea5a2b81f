import './strings.ts';
import { type Actor, atLeast, type Rounds } from '@roundwise/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import type { RoundAction } from './round-actions';

/**
 * The round dialog's header menu (spec 000 section 2.5): the round's description as its label, then
 * the actions. Entries the user's level or features do not allow are not shown (the commands refuse
 * them on the server too): portal needs Ultimate, selling the marketplace seller feature,
 * transferring the transferData feature (or developer mode).
 */
export function RoundMenu({
  round,
  actor,
  trigger,
  onAction,
}: {
  round: Rounds.Round;
  actor: Actor;
  trigger: ReactNode;
  onAction: (a: RoundAction) => void;
}) {
  const { t } = useTranslation();
  const item = (a: RoundAction, label: string, destructive = false) => (
    <DropdownMenuItem
      key={a}
      variant={destructive ? 'destructive' : 'default'}
      // After the menu has closed and given focus back: a dialog opened in the same tick can be
      // closed again by the menu's own focus handling.
      onSelect={() => setTimeout(() => onAction(a), 0)}
    >
      {label}
    </DropdownMenuItem>
  );
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="truncate">{round.description}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {item('frequency', t('rounds.set-frequency'))}
        {round.frequencyData && item('remove-frequency', t('rounds.remove-frequency'))}
        {round.frequencyData && item('replan', t('rounds.reset-schedule'))}
        {item('optimise', t('rounds.optimise-route'))}
        <DropdownMenuSeparator />
        {item('colour', t('rounds.set-colour'))}
        {item('location', t('rounds.set-location'))}
        {item('rename', t('rounds.rename'))}
        {item('postcodes', t('rounds.postcodes'))}
        {atLeast(actor.level, 'Ultimate') &&
          item(
            'portal',
            round.isPortalRound ? t('rounds.unset-portal-round') : t('rounds.set-as-portal-round'),
          )}
        {(actor.flags.includes('marketplaceSeller') ||
          actor.flags.includes('transferData') ||
          actor.developerMode) && <DropdownMenuSeparator />}
        {actor.flags.includes('marketplaceSeller') && item('sell', t('rounds.sell-round'))}
        {(actor.flags.includes('transferData') || actor.developerMode) &&
          item('transfer', t('rounds.transfer-round'))}
        <DropdownMenuSeparator />
        {item('delete', t('rounds.delete'), true)}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
