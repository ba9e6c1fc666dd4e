// The failures of loyalty points: the organiser's programme answers only the access table's (central).
import { failureRows, type FailureCodeOf } from '@/lib/server/api/failure-row';
import type { getLoyaltyProgram, setLoyaltyProgram } from './program';

export type Codes = FailureCodeOf<typeof getLoyaltyProgram> | FailureCodeOf<typeof setLoyaltyProgram>;

export const failures = failureRows({});
