import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';

/** An error that says what happened and offers 'Reintentar' (conventions.md). */
export const ErrorAlert = ({
  title,
  message,
  onRetry,
  isRetrying = false,
}: {
  title?: string;
  message: string;
  onRetry?: () => void;
  isRetrying?: boolean;
}) => (
  <Alert
    severity="error"
    action={
      onRetry ? (
        <Button color="inherit" size="small" onClick={onRetry} disabled={isRetrying}>
          Reintentar
        </Button>
      ) : undefined
    }
  >
    {title && <AlertTitle>{title}</AlertTitle>}
    {message}
  </Alert>
);
