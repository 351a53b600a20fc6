import Container, { type ContainerProps } from '@mui/material/Container';
import type { SxProps, Theme } from '@mui/material/styles';

type StyleObject = Exclude<SxProps<Theme>, ReadonlyArray<unknown> | ((theme: Theme) => unknown)>;

/** Standard page padding: generous on wide screens, compact on phones. */
export const PageContainer = ({
  children,
  maxWidth = 'lg',
  sx,
  ...rest
}: Omit<ContainerProps, 'sx'> & { sx?: StyleObject }) => (
  <Container maxWidth={maxWidth} sx={{ py: { xs: 3, md: 5 }, ...sx }} {...rest}>
    {children}
  </Container>
);
