import { area as alerts } from './alerts/area.ts';
import { area as attachments } from './attachments/area.ts';
import { area as availability } from './availability/area.ts';
import { area as balance } from './balance/area.ts';
import { area as banking } from './banking/area.ts';
import type { CommandDef } from './commands/define.ts';
import { area as conflicts } from './conflicts/area.ts';
import { area as credits } from './credits/area.ts';
import { area as customFields } from './custom-fields/area.ts';
import { area as customers } from './customers/area.ts';
import { type Area, commandsOf } from './define-area.ts';
import { area as emailEngine } from './email-engine/area.ts';
import type { EntityType } from './entity.ts';
import { area as expenseCategories } from './expense-categories/area.ts';
import { area as expenses } from './expenses/area.ts';
import { area as insights } from './insights/area.ts';
import { area as jobs } from './jobs/area.ts';
import { area as notifications } from './notifications/area.ts';
import { area as payments } from './payments/area.ts';
import { area as portal } from './portal/area.ts';
import { area as pricing } from './pricing/area.ts';
import { area as quotes } from './quotes/area.ts';
import { area as rounds } from './rounds/area.ts';
import { area as send } from './send/area.ts';
import { area as services } from './services/area.ts';
import { area as suppliers } from './suppliers/area.ts';
import { area as teams } from './teams/area.ts';
import { area as templates } from './templates/area.ts';
import { area as tracker } from './tracker/area.ts';
import { area as vat } from './vat/area.ts';
import { area as visits } from './visits/area.ts';

/**
 * Every area, once. The synced entity types, the parent fields the table indexes and the
 * command registry all derive from this list: adding an area is its folder and one line here
 * (docs/architecture.md, "Adding an area").
 */
export const areas = [
  customers,
  jobs,
  rounds,
  services,
  visits,
  payments,
  quotes,
  notifications,
  credits,
  alerts,
  teams,
  conflicts,
  attachments,
  templates,
  send,
  customFields,
  pricing,
  portal,
  suppliers,
  expenseCategories,
  expenses,
  balance,
  vat,
  insights,
  emailEngine,
  banking,
  tracker,
  availability,
] as const;

/** The synced entity types (one name per concept across core, API and web). */
export const entityTypes: readonly EntityType[] = areas.flatMap((a) => a.entities.map((e) => e.type));

/**
 * The one parent field each entity type is looked up by (DynamoDB's second index): a customer's
 * jobs, a job's visit records, a customer's transactions, quotes and notifications.
 */
export const indexedField: Partial<Record<EntityType, string>> = Object.fromEntries(
  areas.flatMap((a) => a.entities.flatMap((e) => (e.parent ? [[e.type, e.parent]] : []))),
);

/**
 * The command lookup of a list of areas: each area's module loaded once, when a command of it is
 * first asked for (a failed load is tried again next time).
 */
export function commandLookup(list: readonly Area[]) {
  const loaded = new Map<string, Promise<readonly CommandDef[]>>();
  const areaCommands = (area: Area): Promise<readonly CommandDef[]> => {
    let commands = loaded.get(area.name);
    if (!commands) {
      commands = (area.commands?.() ?? Promise.resolve({})).then(commandsOf);
      loaded.set(area.name, commands);
      commands.catch(() => loaded.delete(area.name));
    }
    return commands;
  };
  return {
    /** A command's definition by its name; undefined for a name no area has. */
    async load(name: string): Promise<CommandDef | undefined> {
      const area = list.find((a) => name.startsWith(`${a.name}.`));
      if (!area) return undefined;
      return (await areaCommands(area)).find((c) => c.name === name);
    },
    /** Every command of every area. */
    async all(): Promise<CommandDef[]> {
      return (await Promise.all(list.map(areaCommands))).flat();
    },
  };
}

const lookup = commandLookup(areas);

/**
 * A command's definition by its name (`POST /api/commands/:name`, and a command the browser
 * queued before a restart): the area named by the name's prefix is loaded if it is not yet.
 * Undefined for a name no area has.
 */
export const loadCommand = lookup.load;

/** Every command of every area (tests and documentation; a server looks commands up by name). */
export const allCommands = lookup.all;
