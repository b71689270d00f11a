/** Seals secrets for storage (the port; AES-256-GCM in infrastructure). */
export interface SecretSealer {
  /** `<key id>:<iv>:<tag>:<ciphertext>`, base64url parts: the key id lets keys rotate. */
  seal(plaintext: string): string;
  open(sealed: string): string;
}

export const SECRET_SEALER = Symbol('SECRET_SEALER');
