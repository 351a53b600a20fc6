import { UnderConstruction } from '@/components/feedback/under-construction';

export const RegisterRoute = () => <UnderConstruction title="RegisterRoute" description="." />;
