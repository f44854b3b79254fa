import { EventScheduleScreen } from '@/features/public/screens/event-schedule';

export default EventScheduleScreen;
