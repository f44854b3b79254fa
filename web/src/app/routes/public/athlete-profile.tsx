import { MyProfile } from '@/features/athlete-account/components/my-profile';

export default MyProfile;
