import { z } from 'zod';
import { HexColour, Id } from '../entity.ts';
import { RequiredText } from '../text.ts';

/** A team of staff (the teams route, spec 000 section 2.3: multi-user accounts). Fields are ours. */
export const TeamFields = z.object({
  name: RequiredText('teams.name-required', 100),
  memberUserIds: z.array(Id).max(500).default([]),
  colour: HexColour('teams.colour-invalid').default('#0d9488'),
});

export const Team = TeamFields.extend({ _id: Id });
export type Team = z.infer<typeof Team>;

export const sameTeamName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
