import './strings.ts';
import type { Me } from '@roundwise/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec 000 sections 6 and 9: "Unverified-email warning: Admin or Owner (debounced 500 ms)". */
export const UNVERIFIED_WARNING_DEBOUNCE_MS = 500;

export function UnverifiedEmailWarning({ me }: { me: Me }) {
  const { t } = useTranslation();
  const due = !me.user.emailVerified && me.roles.some((r) => r === 'Owner' || r === 'Admin');
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!due) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), UNVERIFIED_WARNING_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [due]);
  if (!shown) return null;
  return (
    <p
      role="status"
      className="border-b bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      {t('account.email-unverified-warning')}
    </p>
  );
}
