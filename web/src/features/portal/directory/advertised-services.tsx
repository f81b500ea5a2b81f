import '../strings.ts';
import type { Portal, Services } from '@roundwise/core';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../components/ui/checkbox';

/**
 * Advertised Services (spec 002 section 2.5): which services the listing offers, and for each
 * which of its quote questions the quote flow hides (`quoteQuestionConfig`). The quote flow
 * offers every service when none is listed (docs/portal.md).
 */
export function AdvertisedServices({
  services,
  value,
  onChange,
}: {
  services: Services.Service[];
  value: Portal.DirectoryService[];
  onChange: (services: Portal.DirectoryService[]) => void;
}) {
  const { t } = useTranslation();
  if (services.length === 0)
    return <p className="text-sm text-muted-foreground">{t('portal-settings.no-question-services')}</p>;
  const listed = new Map(value.map((s) => [s.id, s]));
  const toggle = (service: Services.Service, on: boolean) =>
    onChange(
      on
        ? [
            ...value,
            {
              service: service._id,
              id: service._id,
              name: service.name,
              description: service.description,
              quoteQuestionConfig: {},
              children: [],
            },
          ]
        : value.filter((s) => s.id !== service._id),
    );
  const hide = (entry: Portal.DirectoryService, questionId: string, hidden: boolean) =>
    onChange(
      value.map((s) =>
        s.id === entry.id
          ? { ...s, quoteQuestionConfig: { ...s.quoteQuestionConfig, [questionId]: { hide: hidden } } }
          : s,
      ),
    );
  return (
    <ul className="flex flex-col gap-3">
      {services.map((service) => {
        const entry = listed.get(service._id);
        return (
          <li key={service._id} className="rounded-md border p-3">
            <span className="flex items-center gap-2 text-sm font-medium">
              <Checkbox
                id={`advertise-${service._id}`}
                checked={!!entry}
                onCheckedChange={(v) => toggle(service, v === true)}
              />
              <label htmlFor={`advertise-${service._id}`}>{service.name}</label>
            </span>
            {entry && (
              <fieldset className="mt-2 flex flex-col gap-1 pl-7">
                <legend className="text-xs text-muted-foreground">
                  {t('portal-settings.questions-asked')}
                </legend>
                {service.quoteQuestions.map((q) => (
                  <span key={q.id} className="flex items-center gap-2 text-sm">
                    <Checkbox
                      id={`ask-${service._id}-${q.id}`}
                      checked={!entry.quoteQuestionConfig[q.id]?.hide}
                      onCheckedChange={(v) => hide(entry, q.id, v !== true)}
                    />
                    <label htmlFor={`ask-${service._id}-${q.id}`}>{q.label}</label>
                  </span>
                ))}
              </fieldset>
            )}
          </li>
        );
      })}
    </ul>
  );
}
