import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/badge';

const colors = { pending: 'amber', upheld: 'green', dismissed: 'gray' } as const;
const labels = { pending: 'appeals.state.pending', upheld: 'appeals.state.upheld', dismissed: 'appeals.state.dismissed' } as const;

/** An appeal's state: pending, upheld or dismissed, in the reader's language. */
export function AppealStateBadge({ state }: { state: string }) {
  const { t } = useTranslation('site');
  const known = state in colors ? (state as keyof typeof colors) : 'pending';
  return <Badge color={colors[known]}>{t(labels[known])}</Badge>;
}
