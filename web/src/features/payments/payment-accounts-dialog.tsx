import './strings.ts';
import { Payments } from '@roundwise/core';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { toast } from '../../lib/toast';

const refusal = (t: (key: string) => string, key: string | undefined) =>
  t(key?.includes('.') ? key : 'general.validation-failed');

/**
 * The payment accounts (spec 000 section 3: name, sub type), managed from the payments screen by
 * Owner and Admin: add one, rename it, change its sub type and opening balance, delete it (its
 * payments stay in "All payments"). Each change is a command, so it works offline too.
 */
export function PaymentAccountsDialog({
  open,
  onOpenChange,
  accounts,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  accounts: readonly Payments.PaymentAccount[];
}) {
  const { t } = useTranslation();
  const create = useCommand(Payments.createAccount);
  const [name, setName] = useState('');
  const [subType, setSubType] = useState<Payments.PaymentAccountSubType>('bank');
  const [error, setError] = useState<string>();
  const add = (e: FormEvent) => {
    e.preventDefault();
    const input = { name, subType };
    const checked = Payments.createAccount.input.safeParse(input);
    if (!checked.success) return setError(refusal(t, checked.error.issues[0]?.message));
    create.mutate(input, { onError: (err) => toast.error(errorText(t, err)) });
    setName('');
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-h-[92dvh] overflow-y-auto sm:max-w-lg"
        data-testid="payment-accounts"
        data-remote-support-mask
      >
        <DialogHeader>
          <DialogTitle>{t('payments.accounts')}</DialogTitle>
          <DialogDescription>{t('payments.accounts-description')}</DialogDescription>
        </DialogHeader>
        <ul className="flex flex-col gap-2">
          {accounts.map((a) => (
            <AccountRow key={a._id} account={a} />
          ))}
        </ul>
        <form
          onSubmit={add}
          className="grid grid-cols-[1fr_auto] items-end gap-2 border-t pt-3 sm:grid-cols-[1fr_8rem_auto]"
        >
          <div className="col-span-2 flex min-w-0 flex-col gap-1 sm:col-span-1">
            <Label htmlFor="new-account-name">{t('payments.account-name')}</Label>
            <Input
              id="new-account-name"
              value={name}
              aria-invalid={!!error}
              onChange={(e) => {
                setName(e.target.value);
                setError(undefined);
              }}
            />
          </div>
          <SubTypeSelect id="new-account-type" value={subType} onChange={setSubType} />
          <Button type="submit">{t('payments.add-account')}</Button>
          {error && (
            <p role="alert" className="col-span-full text-sm text-destructive">
              {error}
            </p>
          )}
        </form>
      </DialogContent>
    </Dialog>
  );
}

function SubTypeSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: Payments.PaymentAccountSubType;
  onChange: (v: Payments.PaymentAccountSubType) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <Label htmlFor={id}>{t('payments.account-type')}</Label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as Payments.PaymentAccountSubType)}
        className="h-9 w-full rounded-md border bg-transparent px-2 text-sm"
      >
        {Payments.PaymentAccountSubType.options.map((s) => (
          <option key={s} value={s}>
            {t(`payments.account-type-${s}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

function AccountRow({ account }: { account: Payments.PaymentAccount }) {
  const { t } = useTranslation();
  const update = useCommand(Payments.updateAccount);
  const remove = useCommand(Payments.deleteAccount);
  const [name, setName] = useState(account.name);
  const [opening, setOpening] = useState(account.openingBalance?.toFixed(2) ?? '');
  const [error, setError] = useState<string>();
  const save = (changes: Record<string, unknown>) => {
    const input = { _id: account._id, changes };
    const checked = Payments.updateAccount.input.safeParse(input);
    if (!checked.success) return setError(refusal(t, checked.error.issues[0]?.message));
    update.mutate(checked.data, { onError: (err) => toast.error(errorText(t, err)) });
  };
  return (
    <li
      className="grid grid-cols-[1fr_1fr_auto] items-end gap-2 rounded-md border p-2 sm:grid-cols-[1fr_8rem_8rem_auto]"
      data-testid="payment-account"
    >
      <div className="col-span-3 flex min-w-0 flex-col gap-1 sm:col-span-1">
        <Label htmlFor={`account-name-${account._id}`}>{t('payments.account-name')}</Label>
        <Input
          id={`account-name-${account._id}`}
          value={name}
          aria-invalid={!!error}
          onChange={(e) => {
            setName(e.target.value);
            setError(undefined);
          }}
          onBlur={() => name !== account.name && save({ name })}
        />
      </div>
      <SubTypeSelect
        id={`account-type-${account._id}`}
        value={account.subType}
        onChange={(subType) => save({ subType })}
      />
      <div className="flex min-w-0 flex-col gap-1">
        <Label htmlFor={`account-opening-${account._id}`} className="whitespace-nowrap">
          {t('payments.opening-balance')}
        </Label>
        <Input
          id={`account-opening-${account._id}`}
          inputMode="decimal"
          value={opening}
          onChange={(e) => setOpening(e.target.value)}
          onBlur={() => {
            const value = opening.trim() === '' ? 0 : Number(opening);
            if (Number.isFinite(value) && value !== (account.openingBalance ?? 0))
              save({ openingBalance: value });
          }}
        />
      </div>
      <Button
        variant="outline"
        size="icon"
        aria-label={t('payments.delete-account', { name: account.name })}
        onClick={() =>
          remove.mutate({ _id: account._id }, { onError: (err) => toast.error(errorText(t, err)) })
        }
      >
        <Trash2 aria-hidden />
      </Button>
      {error && (
        <p role="alert" className="col-span-full text-sm text-destructive">
          {error}
        </p>
      )}
    </li>
  );
}
