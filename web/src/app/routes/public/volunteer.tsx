import { useParams } from 'react-router';
import { MyVolunteerPage } from '@/features/crew/components/my-volunteer-page';

/** The volunteer's own page by their link's secret (docs/crew.md, "Sign-up"). */
export default function VolunteerRoute() {
  const { key = '' } = useParams();
  return (
    <div className="mx-auto max-w-2xl">
      <MyVolunteerPage volunteerKey={key} />
    </div>
  );
}
