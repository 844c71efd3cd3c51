import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A session token. Only its SHA-256 is stored. A view-as token belongs to the student but records
 * who is acting (an admin or a parent); a parent's view-as token is read-only on the server.
 */
@Entity('auth_tokens')
export class AuthToken {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'token_hash', type: 'text', unique: true })
  tokenHash: string;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'acting_user_id', type: 'integer', nullable: true })
  actingUserId: number | null;

  @Column({ name: 'read_only', type: 'boolean', default: false })
  readOnly: boolean;

  /** Last four characters, so a person can tell tokens apart in a list. */
  @Column({ name: 'last_four', type: 'text', default: '' })
  lastFour: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'last_used_at', type: 'timestamptz' })
  lastUsedAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  /** 'session' (sign-in, view-as) or 'api' (a personal API token a staff member created and named). */
  @Column({ type: 'text', default: 'session' })
  kind: 'session' | 'api';

  /** The name a staff member gave a personal API token ("Nightly SIS sync"); null for sessions. */
  @Column({ type: 'text', nullable: true })
  name: string | null;
}

/** A single-use password reset link. */
@Entity('password_resets')
export class PasswordReset {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'token_hash', type: 'text', unique: true })
  tokenHash: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;
}

/** A sign-up code names a user type and a school. */
@Entity('signup_codes')
export class SignupCode {
  /** Stored upper-case; matched case-insensitively after trimming. */
  @Column({ type: 'text', primary: true })
  code: string;

  @Column({ name: 'user_type', type: 'smallint' })
  userType: number;

  @Column({ name: 'school_id', type: 'integer' })
  schoolId: number;
}
