import { UnderConstruction } from '@/components/feedback/under-construction';

export const VerificationPendingRoute = () => <UnderConstruction title="VerificationPendingRoute" description="." />;
