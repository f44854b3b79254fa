import { DivisionLeaderboardScreen } from '@/features/public/screens/division-leaderboard';

export default DivisionLeaderboardScreen;
