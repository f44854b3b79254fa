import { EventLeaderboardScreen } from '@/features/public/screens/event-leaderboard';

export default EventLeaderboardScreen;
