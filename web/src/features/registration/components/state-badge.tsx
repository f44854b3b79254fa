import { Badge } from '@/components/badge';
import { stateColour } from '../rules/states';

export function StateBadge({ state, label }: { state: string; label: string }) {
  return <Badge color={stateColour(state)}>{label}</Badge>;
}
