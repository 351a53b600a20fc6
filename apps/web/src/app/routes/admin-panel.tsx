import { UnderConstruction } from '@/components/feedback/under-construction';

export const AdminPanelRoute = () => <UnderConstruction title="AdminPanelRoute" description="." />;
