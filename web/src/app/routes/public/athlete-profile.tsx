import { MyProfile } from '@/features/athlete-account/components/my-profile';
import { MyEventsLinks } from '@/features/registration/components/my-events-links';

export default function AthleteProfileRoute() {
  return <MyProfile links={<MyEventsLinks />} />;
}
