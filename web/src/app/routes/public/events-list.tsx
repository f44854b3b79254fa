import { EventsListScreen } from '@/features/public/screens/events-list';

export default EventsListScreen;
