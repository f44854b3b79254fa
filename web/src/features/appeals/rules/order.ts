// The order of the console's Appeals screen: pending first, oldest first (the longest waiting;
// the server lists them by filing time), then the decided ones, latest decision first.

type Ordered = { state: string; decidedAt: string };

export function orderAppeals<T extends Ordered>(appeals: readonly T[]): T[] {
  const pending = appeals.filter((a) => a.state === 'pending');
  const decided = appeals.filter((a) => a.state !== 'pending').sort((a, b) => b.decidedAt.localeCompare(a.decidedAt));
  return [...pending, ...decided];
}
