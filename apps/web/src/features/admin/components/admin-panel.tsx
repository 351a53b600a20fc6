import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import GavelOutlinedIcon from '@mui/icons-material/GavelOutlined';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type TablePaginationType from '@mui/material/TablePagination';
import type { User } from '@unimercado/shared/schemas/users';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '@/components/errors/error-alert';
import { paths } from '@/config/paths';
import { NoticeSnackbar } from '@/components/feedback/notice-snackbar';
import { toUserMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatRoleLabels, NO_ROLE_LABEL } from '../utils/format-roles';
import { useUsers } from '../api/users';

// What the first render does not need loads later (issue 7's JS budget): the dialogs (Select,
// zod, Modal) on hover, focus or click of their buttons; the pagination (a Select) while the
// users are on their way.
const loadEditRolesDialog = () => import('./edit-roles-dialog');
const EditRolesDialog = lazy(() =>
  loadEditRolesDialog().then((module) => ({ default: module.EditRolesDialog })),
);
const loadDeleteUserDialog = () => import('./delete-user-dialog');
const DeleteUserDialog = lazy(() =>
  loadDeleteUserDialog().then((module) => ({ default: module.DeleteUserDialog })),
);
const loadTablePagination = () => import('@mui/material/TablePagination');
// lazy() drops the `component` prop of MUI's overridable typing: the component's own type is kept.
const TablePagination = lazy(loadTablePagination) as unknown as typeof TablePaginationType;
const preloadEditRoles = () => void loadEditRolesDialog();
const preloadDelete = () => void loadDeleteUserDialog();
/** TablePagination's toolbar height, held while its code loads so the card does not grow. */
const PAGINATION_HEIGHT = 52;

const PAGE_SIZES = [10, 20, 50];
const USERS_LOAD_FALLBACK = 'Error al cargar los usuarios';

const RoleChips = ({ roles }: { roles: unknown }) => (
  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
    {formatRoleLabels(roles).map((label) =>
      label === NO_ROLE_LABEL ? (
        <Typography key={label} variant="body2" color="text.secondary">
          {label}
        </Typography>
      ) : (
        <Chip
          key={label}
          label={label}
          size="small"
          color={label === 'ADMIN' ? 'primary' : 'default'}
          variant={label === 'ADMIN' ? 'filled' : 'outlined'}
        />
      ),
    )}
  </Box>
);

type RowActionsProps = {
  user: User;
  /** The signed-in admin's own row: no delete (issue 7). */
  isSelf: boolean;
  onEditRoles: (user: User) => void;
  onDelete: (user: User) => void;
};

const RowActions = ({ user, isSelf, onEditRoles, onDelete }: RowActionsProps) => (
  <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
    <Button
      size="small"
      variant="outlined"
      startIcon={<ManageAccountsOutlinedIcon />}
      onClick={() => onEditRoles(user)}
      onPointerEnter={preloadEditRoles}
      onFocus={preloadEditRoles}
      aria-label={`Editar roles de ${user.name}`}
    >
      Editar roles
    </Button>
    {!isSelf && (
      // The browser's own tooltip: MUI's would weigh on the first render.
      <IconButton
        color="error"
        title="Eliminar usuario"
        aria-label={`Eliminar a ${user.name}`}
        onClick={() => onDelete(user)}
        onPointerEnter={preloadDelete}
        onFocus={preloadDelete}
      >
        <DeleteOutlineIcon />
      </IconButton>
    )}
  </Box>
);

/** Loading placeholders shaped like what they stand in for: cards on a phone, rows on a table. */
const UsersSkeleton = ({ rows, isCompact }: { rows: number; isCompact: boolean }) => (
  <Box aria-busy="true" aria-label="Cargando usuarios" role="status">
    {Array.from({ length: Math.min(rows, 6) }, (_, index) =>
      isCompact ? (
        <Box key={index} sx={{ p: 2, borderBottom: '1px solid', borderColor: 'divider' }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.5 }}>
            <Skeleton width="45%" height={28} />
            <Skeleton width={32} />
          </Box>
          <Skeleton width="70%" />
          <Skeleton width="40%" sx={{ mb: 1 }} />
          <Skeleton variant="rounded" width={64} height={24} sx={{ mb: 1.5 }} />
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Skeleton variant="rounded" width={128} height={32} />
            <Skeleton variant="circular" width={36} height={36} />
          </Box>
        </Box>
      ) : (
        <Box
          key={index}
          sx={{
            display: 'grid',
            gridTemplateColumns: '48px 1.2fr 1.6fr 1fr 0.8fr 170px',
            gap: 2,
            alignItems: 'center',
            px: 2,
            height: 57,
            borderBottom: '1px solid',
            borderColor: 'divider',
          }}
        >
          <Skeleton width={24} />
          <Skeleton width="80%" />
          <Skeleton width="90%" />
          <Skeleton width="60%" />
          <Skeleton variant="rounded" width={56} height={24} />
          <Skeleton variant="rounded" width={150} height={32} />
        </Box>
      ),
    )}
  </Box>
);

/** /admin-panel (spec section 2): the page itself is reached only by admins (checked by the route page). */
export const AdminPanel = () => {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(PAGE_SIZES[0] ?? 10);
  const [editing, setEditing] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const users = useUsers(page, size);
  const { user: currentUser } = useAuth();
  const isCompact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  useEffect(() => void loadTablePagination(), []);

  const total = users.data?.total ?? 0;
  const rows = users.data?.items ?? [];

  return (
    <>
      <Typography variant="h2" component="h1" sx={{ mb: 1 }}>
        Panel de Administración
      </Typography>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1.5,
          alignItems: 'center',
          justifyContent: 'space-between',
          mb: 3,
        }}
      >
        <Typography color="text.secondary">
          Gestiona las cuentas de la comunidad y sus roles.
        </Typography>
        {/* Reports, the audit log and no-shows (decision 079). */}
        <Button
          component={RouterLink}
          to={paths.moderation}
          variant="outlined"
          startIcon={<GavelOutlinedIcon />}
          sx={{ minHeight: 44 }}
        >
          Moderación
        </Button>
      </Box>

      {users.isError && (
        <Box sx={{ mb: 2 }}>
          <ErrorAlert
            message={toUserMessage(users.error, USERS_LOAD_FALLBACK)}
            onRetry={() => void users.refetch()}
            isRetrying={users.isFetching}
          />
        </Box>
      )}

      <Card>
        {users.isPending && <UsersSkeleton rows={size} isCompact={isCompact} />}
        {users.isSuccess && rows.length === 0 && (
          <CardContent>
            <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
              No hay usuarios para mostrar.
            </Typography>
          </CardContent>
        )}
        {users.isSuccess && rows.length > 0 && isCompact && (
          <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Usuarios">
            {rows.map((user) => (
              <Box
                component="li"
                key={user.id}
                sx={{ p: 2, borderBottom: '1px solid', borderColor: 'divider' }}
              >
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
                  <Typography variant="subtitle1" component="h2" sx={{ wordBreak: 'break-word' }}>
                    {user.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    #{user.id}
                  </Typography>
                </Box>
                <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                  {user.email}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  Teléfono: {user.phone || '-'}
                </Typography>
                <Box sx={{ mb: 1.5 }}>
                  <RoleChips roles={user.roles} />
                </Box>
                <RowActions
                  user={user}
                  isSelf={user.id === currentUser?.id}
                  onEditRoles={setEditing}
                  onDelete={setDeleting}
                />
              </Box>
            ))}
          </Stack>
        )}
        {users.isSuccess && rows.length > 0 && !isCompact && (
          <TableContainer>
            <Table aria-label="Usuarios">
              <TableHead>
                <TableRow>
                  <TableCell>ID</TableCell>
                  <TableCell>Nombre</TableCell>
                  <TableCell>Email</TableCell>
                  <TableCell>Teléfono</TableCell>
                  <TableCell>Rol</TableCell>
                  <TableCell>Acciones</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((user) => (
                  <TableRow key={user.id} hover>
                    <TableCell>{user.id}</TableCell>
                    <TableCell sx={{ fontWeight: 500 }}>{user.name}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{user.email}</TableCell>
                    <TableCell>{user.phone || '-'}</TableCell>
                    <TableCell>
                      <RoleChips roles={user.roles} />
                    </TableCell>
                    <TableCell>
                      <RowActions
                        user={user}
                        isSelf={user.id === currentUser?.id}
                        onEditRoles={setEditing}
                        onDelete={setDeleting}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {users.isSuccess && (
          <Suspense fallback={<Box sx={{ minHeight: PAGINATION_HEIGHT }} />}>
            <TablePagination
              component="div"
              count={total}
              page={page}
              rowsPerPage={size}
              rowsPerPageOptions={PAGE_SIZES}
              onPageChange={(_event, next) => setPage(next)}
              onRowsPerPageChange={(event) => {
                setSize(Number(event.target.value));
                setPage(0);
              }}
              labelRowsPerPage="Filas por página"
              // A 44px touch target for the page-size select (conventions.md).
              sx={{
                // Two classes: the Select's own rule for the same element would win otherwise.
                '& .MuiTablePagination-select.MuiSelect-select': {
                  minHeight: 44,
                  boxSizing: 'border-box',
                  display: 'flex',
                  alignItems: 'center',
                },
              }}
              labelDisplayedRows={({ from, to, count }) => `${from}–${to} de ${count}`}
              getItemAriaLabel={(type) =>
                ({
                  first: 'Primera página',
                  last: 'Última página',
                  next: 'Página siguiente',
                  previous: 'Página anterior',
                })[type]
              }
            />
          </Suspense>
        )}
      </Card>

      <Suspense fallback={null}>
        {editing && (
          <EditRolesDialog
            user={editing}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              setNotice('Roles actualizados correctamente');
            }}
          />
        )}
        {deleting && (
          <DeleteUserDialog
            user={deleting}
            onClose={() => setDeleting(null)}
            onDeleted={() => {
              setDeleting(null);
              setNotice('Usuario eliminado correctamente');
              // The last row of a page is gone: step back so the page is not empty.
              if (rows.length === 1 && page > 0) setPage(page - 1);
            }}
          />
        )}
      </Suspense>
      <NoticeSnackbar message={notice} onClose={() => setNotice(null)} autoHideDuration={4000} />
    </>
  );
};
