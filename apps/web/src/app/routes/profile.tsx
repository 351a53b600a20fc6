import { UnderConstruction } from '@/components/feedback/under-construction';

export const ProfileRoute = () => <UnderConstruction title="ProfileRoute" description="." />;
