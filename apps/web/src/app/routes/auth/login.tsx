import { UnderConstruction } from '@/components/feedback/under-construction';

export const LoginRoute = () => <UnderConstruction title="LoginRoute" description="." />;
