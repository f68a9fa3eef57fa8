import { greetingFor } from '@vt/shared';

/** "Ada" from "Ada Lovelace"; the e-mail's local part when there is no name. */
export function firstNameOf(name: string, email: string): string {
  const first = name.trim().split(/\s+/)[0];
  if (first && first !== email) return first;
  return email.split('@')[0] || email;
}

/** "Good afternoon, Ada" for the user's local hour (R-DASH-1). */
export function greetingLine(name: string, email: string, at: Date): string {
  return `${greetingFor(at.getHours())}, ${firstNameOf(name, email)}`;
}
