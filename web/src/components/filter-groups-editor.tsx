import { newId, Send } from '@roundwise/core';
import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { inputClass } from './form';
import { Button } from './ui/button';

type Groups = Send.FilterGroups;
/** A field the filters offer: an audience's customer fields, a price change's job fields. */
export type FilterFieldOption = Pick<Send.FilterField<unknown>, 'field' | 'label' | 'kind' | 'options'>;

/** A new filter on the first field, with its kind's first operator. */
function newFilter(fields: readonly FilterFieldOption[]): Send.Filter {
  return onField({ id: newId(), field: '', label: '', operator: 'Contains', value: '' }, fields[0]!);
}

/** A filter moved to another field: the operator and value reset to what that field offers. */
function onField(filter: Send.Filter, field: FilterFieldOption): Send.Filter {
  const operator = Send.operatorsOf(field.kind)[0];
  const value = field.kind === 'boolean' ? 'y' : (field.options?.[0] ?? '');
  return {
    ...filter,
    field: field.field,
    label: field.label,
    operator,
    value,
    ...(field.options ? { options: [...field.options] } : {}),
  };
}

/**
 * Filter groups (spec 002 section 2.7, "filter groups with add / edit / remove"): filters in a
 * group are ANDed, groups are ORed, as the labels between them say. Audiences and price changes
 * both edit theirs here, each over its own `fields`.
 */
export function FilterGroupsEditor({
  groups,
  fields,
  onChange,
}: {
  groups: Groups;
  fields: readonly FilterFieldOption[];
  onChange: (g: Groups) => void;
}) {
  const { t } = useTranslation();
  const fieldOf = (name: string) => fields.find((f) => f.field === name);
  const setGroup = (i: number, group: Send.Filter[]) =>
    onChange(
      group.length === 0 ? groups.filter((_, j) => j !== i) : groups.map((g, j) => (j === i ? group : g)),
    );
  return (
    <div className="flex flex-col gap-3">
      {groups.map((group, gi) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: groups have no id of their own; their filters do
        <div key={gi} className="flex flex-col gap-2">
          {gi > 0 && (
            <div className="text-center text-xs font-semibold uppercase text-muted-foreground">
              {t('filters.or')}
            </div>
          )}
          <fieldset
            className="flex flex-col gap-2 rounded-md border p-3"
            aria-label={t('filters.group-n', { n: gi + 1 })}
          >
            <legend className="px-1 text-sm font-medium">{t('filters.group-n', { n: gi + 1 })}</legend>
            {group.map((filter, fi) => {
              const field = fieldOf(filter.field);
              const set = (f: Send.Filter) =>
                setGroup(
                  gi,
                  group.map((x, j) => (j === fi ? f : x)),
                );
              return (
                <div key={filter.id} className="flex flex-col gap-1">
                  {fi > 0 && (
                    <div className="text-xs font-semibold uppercase text-muted-foreground">
                      {t('filters.and')}
                    </div>
                  )}
                  <div className="flex flex-wrap items-center gap-2">
                    <select
                      aria-label={t('filters.filter-field')}
                      className={`${inputClass} w-40`}
                      value={filter.field}
                      onChange={(e) => set(onField(filter, fieldOf(e.target.value)!))}
                    >
                      {fields.map((f) => (
                        <option key={f.field} value={f.field}>
                          {f.label}
                        </option>
                      ))}
                    </select>
                    <select
                      aria-label={t('filters.filter-operator')}
                      className={`${inputClass} w-40`}
                      value={filter.operator}
                      onChange={(e) => set({ ...filter, operator: e.target.value as Send.FilterOperator })}
                    >
                      {Send.operatorsOf(field?.kind ?? 'text').map((op) => (
                        <option key={op} value={op}>
                          {t(`filters.operator-${op}`)}
                        </option>
                      ))}
                    </select>
                    {field?.kind === 'text' || field?.kind === 'number' || !field ? (
                      <input
                        type={field?.kind === 'number' ? 'number' : 'text'}
                        step="any"
                        aria-label={t('filters.filter-value')}
                        className={`${inputClass} min-w-32 flex-1`}
                        value={filter.value}
                        maxLength={200}
                        onChange={(e) => set({ ...filter, value: e.target.value })}
                      />
                    ) : (
                      <select
                        aria-label={t('filters.filter-value')}
                        className={`${inputClass} w-32`}
                        value={filter.value}
                        onChange={(e) => set({ ...filter, value: e.target.value })}
                      >
                        {(field.kind === 'boolean' ? ['y', 'n'] : (field.options ?? [])).map((o) => (
                          <option key={o} value={o}>
                            {field.kind === 'boolean' ? t(o === 'y' ? 'filters.yes' : 'filters.no') : o}
                          </option>
                        ))}
                      </select>
                    )}
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={t('filters.filter-remove')}
                      onClick={() =>
                        setGroup(
                          gi,
                          group.filter((_, j) => j !== fi),
                        )
                      }
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </div>
                </div>
              );
            })}
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="self-start"
              onClick={() => setGroup(gi, [...group, newFilter(fields)])}
            >
              <Plus aria-hidden />
              {t('filters.filter-add')}
            </Button>
          </fieldset>
        </div>
      ))}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="self-start"
        onClick={() => onChange([...groups, [newFilter(fields)]])}
      >
        <Plus aria-hidden />
        {t('filters.group-add')}
      </Button>
    </div>
  );
}
