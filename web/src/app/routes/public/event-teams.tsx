import { EventTeamsScreen } from '@/features/public/screens/event-teams';

export default EventTeamsScreen;
