#!/bin/bash
# A Llama 3 8B pretraining launch on 8 nodes of 8 GPUs: tp 2, pp 2, so data parallel 16.
GPUS_PER_NODE=8
NNODES=8

DISTRIBUTED_ARGS=(
    --nproc_per_node 8
    --nnodes 8
    --master_addr localhost
    --master_port 6000
)

MODEL_ARGS=(
    --num-layers 32
    --hidden-size 4096
    --ffn-hidden-size 14336
    --num-attention-heads 32
    --group-query-attention
    --num-query-groups 8
    --kv-channels 128
    --seq-length 8192
    --max-position-embeddings 8192
    --position-embedding-type rope
    --rotary-base 500000
    --swiglu
    --normalization RMSNorm
    --untie-embeddings-and-output-weights
    --disable-bias-linear
    --vocab-size 128256
)

TRAINING_ARGS=(
    --micro-batch-size 1
    --global-batch-size 512
    --train-iters 25000
    --lr 3e-4
    --min-lr 3e-5
    --lr-decay-style cosine
    --weight-decay 0.1
    --clip-grad 1.0
    --bf16
    --use-flash-attn
    --recompute-granularity selective
    --use-distributed-optimizer
    --overlap-grad-reduce
)

PARALLEL_ARGS=(
    --tensor-model-parallel-size 2
    --pipeline-model-parallel-size 2
    --sequence-parallel
)

torchrun ${DISTRIBUTED_ARGS[@]} pretrain_gpt.py \
    ${MODEL_ARGS[@]} \
    ${TRAINING_ARGS[@]} \
    ${PARALLEL_ARGS[@]} \
    --data-path $DATA_PATH \
    --tokenizer-type HuggingFaceTokenizer \
    --save $CHECKPOINT_PATH
