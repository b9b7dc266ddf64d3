/**
 * Concern: GPUs.
 *
 * Main types: {@code GpuUuid} (canonical form, MIG refused), {@code NvidiaSmi} + {@code
 * NvidiaSmiParser} (strict), {@code GpuInventory} (GPUs or a diagnostic), {@code Visibility}
 * ({@code CUDA_VISIBLE_DEVICES}).
 */
package dev.cumps.core.gpu;
