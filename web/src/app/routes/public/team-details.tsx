import { TeamDetailsScreen } from '@/features/public/screens/team-details';

export default TeamDetailsScreen;
