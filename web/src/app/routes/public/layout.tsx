import { PublicLayout } from '@/features/public/components/layout';

export default PublicLayout;
