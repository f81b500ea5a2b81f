import { createAlert, markAlertRead } from '../alerts/commands.ts';
import { createCustomer, deleteCustomer, updateCustomer } from '../customers/commands.ts';
import { createJob, deleteJob, replanJob, shiftJob, updateJob } from '../jobs/commands.ts';
import {
  assignVisit,
  completeVisit,
  moveVisit,
  reorderVisits,
  repriceVisit,
  setVisitNotes,
  skipVisit,
  undoVisit,
} from '../occurrences/commands.ts';
import {
  addJobsToRound,
  createRound,
  deleteRound,
  optimiseRound,
  removeRoundFrequency,
  reorderRound,
  replanRound,
  setPortalRound,
  setRoundFrequency,
  updateRound,
} from '../rounds/commands.ts';
import { createService, deleteService, updateService } from '../services/commands.ts';
import { createTeam, deleteTeam, updateTeam } from '../teams/commands.ts';
import type { CommandDef } from './define.ts';

/** Every command by name: `POST /api/commands/:name` and the browser look them up here. */
export const commands: ReadonlyMap<string, CommandDef> = new Map(
  [
    createCustomer,
    updateCustomer,
    deleteCustomer,
    createJob,
    updateJob,
    deleteJob,
    replanJob,
    shiftJob,
    completeVisit,
    skipVisit,
    undoVisit,
    repriceVisit,
    moveVisit,
    reorderVisits,
    setVisitNotes,
    assignVisit,
    createRound,
    updateRound,
    deleteRound,
    setRoundFrequency,
    removeRoundFrequency,
    replanRound,
    setPortalRound,
    addJobsToRound,
    reorderRound,
    optimiseRound,
    createService,
    updateService,
    deleteService,
    createAlert,
    markAlertRead,
    createTeam,
    updateTeam,
    deleteTeam,
  ].map((c) => [c.name, c as unknown as CommandDef]),
);
