import { useParams } from 'react-router';
import { GuardianWaiverPage } from '@/features/waivers/components/guardian-waiver';

export default function GuardianWaiverRoute() {
  const { key = '' } = useParams();
  return <GuardianWaiverPage linkKey={key} />;
}
