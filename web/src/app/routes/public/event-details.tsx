import { EventDetailsScreen } from '@/features/public/screens/event-details';

export default EventDetailsScreen;
