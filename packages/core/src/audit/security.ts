/** What the users security view counts (route `users/audit`, built by the server from the log). */
export type SecurityKind = 'sign-in' | 'sign-in-failed' | 'new-device' | 'role-change' | 'invitation';

export interface SecurityEvent {
  kind: SecurityKind;
  timestamp: string;
  by: string;
  summary: string;
  device?: string;
}

export interface UserSecurity {
  /** The person the events are about: a member's email, or an invited address. */
  email: string;
  name?: string;
  counts: Record<SecurityKind, number>;
  /** Newest first. */
  events: SecurityEvent[];
}
